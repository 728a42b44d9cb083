// The configuration module is filled in by the Configuration issue.
