// libFuzzer entry point: the Starlark reader. The input is split at NUL bytes into a BUILD
// file and `.bzl` files `1.bzl`, `2.bzl`, … it may load (and that may load each other), so
// the fuzzer reaches macros, load cycles and the evaluation budget. Built by Tests/Fuzz/run.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBazel(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let files = UnsafeBufferPointer(start: data, count: size).split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    let reader = BazelReader { path in
        guard path.hasSuffix(".bzl"), let index = Int(path.dropLast(".bzl".count)), files.indices.contains(index), index > 0 else { return nil }
        return files[index]
    }
    _ = reader.read(buildFile: "BUILD", bytes: files.first ?? [])
    return 0
}
