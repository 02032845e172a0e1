// Stage: ModlintWorkspace
