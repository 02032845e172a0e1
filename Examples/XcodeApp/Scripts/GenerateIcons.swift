// A helper script that no target builds: modlint counts it as a file in no target.
print("generating icons")
