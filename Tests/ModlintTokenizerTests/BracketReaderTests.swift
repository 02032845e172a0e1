import ModlintTokenizer
import Testing

/// The bracket walks the passes and the manifest parser share.
@Suite struct BracketReaderTests {
    struct Reader: BracketReader {
        let source: TokenizedSource
        let partners: BracketPartners
        var tokens: [Token] { source.tokens }
        var bytes: [UInt8] { source.bytes }

        init(_ text: String) {
            source = TokenizedSource(text)
            partners = BracketPartners(source: source, tokens: source.tokens)
        }

        func text(at index: Int) -> String { index < tokens.count ? source.text(tokens[index]) : "<end>" }
    }

    /// Groups are jumped whole; the stop is asked outside them; a closer of an outer
    /// group ends the walk; an unbalanced opener runs to the end.
    @Test func nextTopLevelSkipsGroupsAndStopsAtTheEnclosingCloser() {
        let reader = Reader("f(a, [b: c], { d, e }), g: h)")
        let comma = { (index: Int) in reader.isPunctuation(index, UInt8(ascii: ",")) }
        let colon = { (index: Int) in reader.isPunctuation(index, UInt8(ascii: ":")) }
        // From `a`: the first top-level comma is the one after `a`.
        #expect(reader.nextTopLevel(from: 2, where: comma) == 3)
        // From `[`: the list `[b: c]` is one step, its colon unseen; the next comma follows.
        #expect(reader.text(at: reader.nextTopLevel(from: 4, where: colon)) == ")")
        #expect(reader.nextTopLevel(from: 4, where: comma) == 9)
        // From `g` the colon stops before the last `)` would.
        #expect(reader.text(at: reader.nextTopLevel(from: 18, where: colon)) == ":")
        #expect(reader.nextTopLevel(from: 18, where: { _ in false }) == 20)
        let open = Reader("x = (a, b")
        #expect(open.nextTopLevel(from: 2, where: { open.isPunctuation($0, UInt8(ascii: ",")) }) == open.tokens.count)
    }
}
