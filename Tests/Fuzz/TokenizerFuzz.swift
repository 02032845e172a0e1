// libFuzzer entry point: the tokenizer (with and without comments), the fact extractor
// and the suppression-comment reader over arbitrary bytes. Built by Tests/Fuzz/run.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenizer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = TokenizedSource(bytes: bytes, options: TokenizerOptions(keepComments: true))
    _ = FactExtractor.summarize(bytes: bytes)
    return 0
}
