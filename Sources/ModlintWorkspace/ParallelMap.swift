import Dispatch

extension Array where Element: Sendable {
    /// `map` spread over all cores; results keep the input order.
    public func parallelMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        parallelMap(context: {}) { _, element in transform(element) }
    }

    /// `parallelMap` with state per run of consecutive elements: `makeContext` makes one for
    /// each chunk, and `transform` gets it with every element of that chunk (a reader that
    /// keeps the folder of the last file open, over paths sorted by folder).
    public func parallelMap<Context, Result: Sendable>(context makeContext: @Sendable () -> Context,
                                                       _ transform: @Sendable (inout Context, Element) -> Result) -> [Result] {
        if count < 2 {
            var context = makeContext()
            return map { transform(&context, $0) }
        }
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        nonisolated(unsafe) let output = results
        self.withUnsafeBufferPointer { input in
            nonisolated(unsafe) let input = input
            // Chunks amortise dispatch overhead over many small files; 256 of them keep the
            // cores even to the end (files a speculative pass already summarised cost nothing,
            // and lie together at the start of the walk's order).
            let chunkSize = Swift.max(1, input.count / 256)
            let chunks = (input.count + chunkSize - 1) / chunkSize
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                var context = makeContext()
                let start = chunk * chunkSize
                let end = Swift.min(start + chunkSize, input.count)
                for index in start..<end {
                    output[index] = transform(&context, input[index])
                }
            }
        }
        return results.map { $0! }
    }
}
