print("modlint")
