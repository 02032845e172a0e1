extension String {
    /// The string's UTF-8 bytes as one buffer: byte tests over names (a prefix, a hash, the
    /// last byte) run as plain loops instead of through `UTF8View`'s per-byte index checks.
    /// Native and small strings have contiguous storage; any other is copied first.
    @inlinable
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        return try Array(utf8).withUnsafeBufferPointer(body)
    }
}
