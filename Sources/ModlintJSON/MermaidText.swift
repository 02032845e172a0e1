/// Mermaid's escaping: every Mermaid output (the renderer's diagrams, the Markdown
/// reporter's) quotes labels with it.
public enum MermaidText {
    /// Text for inside a quoted Mermaid label or between an edge's `|…|`: quotes, markup
    /// characters and `|` become Mermaid entity codes, line breaks become `<br>`. The one
    /// Mermaid escaper (the Markdown reporter's diagram uses it too).
    public static func label(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "#": out += "#35;"
            case "\"": out += "#quot;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "&": out += "#amp;"
            case "|": out += "#124;"
            case "\n": out += "<br>"
            case "\r": break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
