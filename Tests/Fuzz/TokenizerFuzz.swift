// libFuzzer entry point: the tokenizer (with and without comments), the fact extractor
// and the suppression-comment reader over arbitrary bytes, and the packed type references
// the extractor writes: read back from their bytes, they must be the same list.
// Built by Tests/Fuzz/run.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenizer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = TokenizedSource(bytes: bytes, options: TokenizerOptions(keepComments: true))
    let references = FactExtractor.summarize(bytes: bytes).typeReferences
    let encoded = references.encoded()
    guard let stored = encoded.withUnsafeBytes({ TypeReferenceList(encoded: $0) }), stored == references,
          stored.count == references.count, stored.nameCount == references.nameCount else {
        fatalError("packed type references do not read back as written")
    }
    return 0
}
