// Filled in by the Open-Meteo client issue.
