import Dispatch

extension Array where Element: Sendable {
    /// `map` spread over all cores; results keep the input order.
    public func parallelMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        if count < 2 { return map(transform) }
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        nonisolated(unsafe) let output = results
        self.withUnsafeBufferPointer { input in
            nonisolated(unsafe) let input = input
            // Chunks amortise dispatch overhead over many small files.
            let chunkSize = Swift.max(1, input.count / 64)
            let chunks = (input.count + chunkSize - 1) / chunkSize
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let start = chunk * chunkSize
                let end = Swift.min(start + chunkSize, input.count)
                for index in start..<end {
                    output[index] = transform(input[index])
                }
            }
        }
        return results.map { $0! }
    }
}
