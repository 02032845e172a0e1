// Stage: ModlintRendering
