/// Names in running text: `A`, `A and B`, `A, B and C`.
enum ListFormat {
    static func and(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
