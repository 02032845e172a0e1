#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The objects of a `project.pbxproj` by id. A reference is resolved from the bytes of
/// the string node that holds it — no `String` is made — through an open-addressing table
/// of the ids: a large project holds tens of thousands of objects and many more references.
struct ObjectTable {
    /// An object: its place in the table.
    typealias ID = Int

    let document: PropertyListDocument
    /// Per object: the key node that names it and its dictionary node.
    private var idNodes: [Int32] = []
    private var objectNodes: [Int32] = []
    /// Object index + 1 per slot; 0 for an empty slot.
    private var slots: [Int32]
    private let mask: Int

    /// The dictionary entries of `objects` whose values are dictionaries; an id defined
    /// twice takes its last definition.
    init(document: PropertyListDocument, objects: Int) {
        self.document = document
        let count = document.entryCount(objects)
        var capacity = 16
        while capacity < 2 * count { capacity <<= 1 }
        slots = [Int32](repeating: 0, count: capacity)
        mask = capacity - 1
        idNodes.reserveCapacity(count)
        objectNodes.reserveCapacity(count)
        for index in 0..<count {
            let (key, value) = document.entry(objects, index)
            guard document.kind(value) == .dictionary, document.isString(key) else { continue }
            var slot = Int(truncatingIfNeeded: hash(key)) & mask
            while slots[slot] != 0 {
                let existing = Int(slots[slot]) - 1
                if sameText(Int(idNodes[existing]), key) {
                    objectNodes[existing] = Int32(value)
                    break
                }
                slot = (slot + 1) & mask
            }
            if slots[slot] == 0 {
                idNodes.append(Int32(key))
                objectNodes.append(Int32(value))
                slots[slot] = Int32(idNodes.count)
            }
        }
    }

    var count: Int { idNodes.count }

    /// The object a string node names; `nil` for an id no object has (or a non-string).
    func id(named node: Int) -> ID? {
        guard document.isString(node) else { return nil }
        var slot = Int(truncatingIfNeeded: hash(node)) & mask
        while slots[slot] != 0 {
            let candidate = Int(slots[slot]) - 1
            if sameText(Int(idNodes[candidate]), node) { return candidate }
            slot = (slot + 1) & mask
        }
        return nil
    }

    func object(_ id: ID) -> PBXObject {
        PBXObject(document: document, node: Int(objectNodes[id]))
    }

    /// The id as written (for messages).
    func name(_ id: ID) -> String {
        document.string(Int(idNodes[id])) ?? ""
    }

    /// Ids in text order (byte order: ids are ASCII).
    func precedes(_ first: ID, _ second: ID) -> Bool {
        text(Int(idNodes[first])) { left in text(Int(idNodes[second])) { right in
            let common = min(left.count, right.count)
            let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
            return order != 0 ? order < 0 : left.count < right.count
        } }
    }

    // MARK: - Bytes of string nodes

    /// The node's text as bytes (escapes applied for the rare escaped string).
    private func text<Result>(_ node: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let value = document.nodes[node]
        if value.kind == .escaped {
            return Escapes.decode(document.bytes[Int(value.start)..<Int(value.end)]).withUnsafeBufferPointer(body)
        }
        return document.bytes.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(value.start)..<Int(value.end)]))
        }
    }

    /// FNV-1a over the node's text.
    private func hash(_ node: Int) -> UInt64 {
        text(node) { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            return hash ^ (hash >> 29)
        }
    }

    private func sameText(_ first: Int, _ second: Int) -> Bool {
        text(first) { left in text(second) { right in
            left.count == right.count && (left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
        } }
    }
}
