// Stage: ModlintReporters
