import ModlintWorkspace

/// Characters a module, package or file name may hold that would hide it or make it read
/// as another in a drawing or a page — C0 controls, DEL, and the bidirectional controls
/// (`App\u{202E}ppA` shows as "AppAppA" reversed) — and the visible text each is shown as:
/// `\u{202E}`, as the terminal shows a bidirectional control (`PathBytes.displayed`).
/// DOT (`DOTRenderer.quote`), the HTML report's text (`HTMLText`) and its script data
/// (`ArchitectureReport.scriptSafe`) escape with it; each then escapes the backslash as
/// its own syntax needs. The table of every output's escaper is in docs/architecture.md.
public enum VisibleText {
    /// Whether `scalar` must be shown as `escaped(_:)`.
    @inline(__always)
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || PathBytes.isBidirectionalControl(scalar)
    }

    /// `\u{202E}` for U+202E: the code point in upper-case hex.
    public static func escaped(_ value: UInt32) -> String {
        "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    }
}
