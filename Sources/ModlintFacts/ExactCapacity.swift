extension Array {
    /// The same elements in storage of exactly their count. A summary is kept for every
    /// file of the workspace, and arrays grown by appending hold up to twice the room they
    /// use: copied once at the end, 100,000 files keep tens of megabytes less.
    @inlinable
    public func withExactCapacity() -> [Element] {
        capacity - count <= 1 ? self : withUnsafeBufferPointer { Array($0) }
    }
}
