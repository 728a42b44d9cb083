// Filled in by the Configuration issue.
