import ModlintFacts

/// DI facts in the summary's own layout, their strings in the summary's table. An app's
/// files often carry a few (a hand-rolled `register(Cell.self, …)` call is one), and
/// through the generic coder they took a fifth of the decoding of a warm run: a keyed
/// container's metadata looked up for every registration, key and site.
extension SummaryOutput {
    mutating func di(_ facts: DIFacts, _ table: inout StringTable) {
        guard !facts.isEmpty else {
            byte(0)
            return
        }
        byte(1)
        compact(facts.registrations.count)
        for registration in facts.registrations {
            byte(DIFactsCodec.code(registration.framework))
            key(registration.key, &table)
            compact(table.index(registration.container))
            optional(registration.scope, &table)
            optional(registration.builds, &table)
            compact(registration.resolves.count)
            for resolved in registration.resolves { key(resolved, &table) }
            optional(registration.backingKey, &table)
            site(registration.site, &table)
        }
        compact(facts.consumptions.count)
        for consumption in facts.consumptions {
            byte(DIFactsCodec.code(consumption.framework))
            key(consumption.key, &table)
            site(consumption.site, &table)
        }
        compact(facts.keys.count)
        for declaration in facts.keys {
            byte(DIFactsCodec.code(declaration.framework))
            compact(table.index(declaration.type))
            compact(table.index(declaration.conformance))
            optionalSite(declaration.liveValue, &table)
            optionalSite(declaration.testValue, &table)
            optionalSite(declaration.previewValue, &table)
            site(declaration.site, &table)
        }
        compact(facts.containerCalls.count)
        for call in facts.containerCalls {
            compact(table.index(call.method))
            compact(table.index(call.receiver))
            key(call.key, &table)
            optional(call.builds, &table)
            optionalCount(call.enclosingCall)
            optionalCount(call.functionLine)
            site(call.site, &table)
        }
        strings(facts.containerMethods, &table)
        compact(facts.containerPasses.count)
        for pass in facts.containerPasses {
            compact(table.index(pass.callee))
            compact(table.index(pass.container))
            compact(pass.line)
        }
        compact(facts.wrapperUses.count)
        for use in facts.wrapperUses {
            compact(table.index(use.wrapper))
            compact(table.index(use.type))
            site(use.site, &table)
        }
    }

    private mutating func key(_ key: DIKey, _ table: inout StringTable) {
        compact(table.index(key.id))
        optional(key.name, &table)
    }

    private mutating func site(_ site: DISite, _ table: inout StringTable) {
        compact(site.line)
        compact(site.column)
        optional(site.condition, &table)
        compact(Int(UInt32(bitPattern: site.conditionID)))
        compact(site.branches.count)
        for branch in site.branches { compact(Int(UInt32(bitPattern: branch))) }
    }

    private mutating func optionalSite(_ site: DISite?, _ table: inout StringTable) {
        guard let site else {
            byte(0)
            return
        }
        byte(1)
        self.site(site, &table)
    }

    /// 0 = absent, else the value + 1 (indices and lines are never negative).
    private mutating func optionalCount(_ value: Int?) {
        compact(value.map { $0 + 1 } ?? 0)
    }
}

extension SummaryInput {
    mutating func di(in table: [String]) throws -> DIFacts {
        guard try byte() == 1 else { return DIFacts() }
        var facts = DIFacts()
        let registrationCount = try count()
        facts.registrations.reserveCapacity(registrationCount)
        for _ in 0..<registrationCount {
            let framework = try DIFactsCodec.framework(byte())
            let key = try key(in: table)
            let container = try string(in: table)
            let scope = try optional(in: table)
            let builds = try optional(in: table)
            let resolvedCount = try count()
            var resolves: [DIKey] = []
            resolves.reserveCapacity(resolvedCount)
            for _ in 0..<resolvedCount { resolves.append(try self.key(in: table)) }
            let backingKey = try optional(in: table)
            facts.registrations.append(DIRegistration(framework: framework, key: key, container: container, scope: scope, builds: builds,
                                                      resolves: resolves, backingKey: backingKey, site: try site(in: table)))
        }
        let consumptionCount = try count()
        facts.consumptions.reserveCapacity(consumptionCount)
        for _ in 0..<consumptionCount {
            let framework = try DIFactsCodec.framework(byte())
            let key = try key(in: table)
            facts.consumptions.append(DIConsumption(framework: framework, key: key, site: try site(in: table)))
        }
        let keyCount = try count()
        facts.keys.reserveCapacity(keyCount)
        for _ in 0..<keyCount {
            let framework = try DIFactsCodec.framework(byte())
            let type = try string(in: table)
            let conformance = try string(in: table)
            let live = try optionalSite(in: table)
            let test = try optionalSite(in: table)
            let preview = try optionalSite(in: table)
            facts.keys.append(DIKeyDeclaration(framework: framework, type: type, conformance: conformance, liveValue: live,
                                               testValue: test, previewValue: preview, site: try site(in: table)))
        }
        let callCount = try count()
        facts.containerCalls.reserveCapacity(callCount)
        for _ in 0..<callCount {
            let method = try string(in: table)
            let receiver = try string(in: table)
            let key = try key(in: table)
            let builds = try optional(in: table)
            let enclosingCall = try optionalCount()
            let functionLine = try optionalCount()
            facts.containerCalls.append(DIContainerCall(method: method, receiver: receiver, key: key, builds: builds,
                                                        enclosingCall: enclosingCall, functionLine: functionLine, site: try site(in: table)))
        }
        facts.containerMethods = try strings(in: table)
        let passCount = try count()
        facts.containerPasses.reserveCapacity(passCount)
        for _ in 0..<passCount {
            let callee = try string(in: table)
            let container = try string(in: table)
            facts.containerPasses.append(DIContainerPass(callee: callee, container: container, line: try compact()))
        }
        let useCount = try count()
        facts.wrapperUses.reserveCapacity(useCount)
        for _ in 0..<useCount {
            let wrapper = try string(in: table)
            let type = try string(in: table)
            facts.wrapperUses.append(DIWrapperUse(wrapper: wrapper, type: type, site: try site(in: table)))
        }
        return facts
    }

    private mutating func key(in table: [String]) throws -> DIKey {
        let id = try string(in: table)
        return DIKey(id, name: try optional(in: table))
    }

    private mutating func site(in table: [String]) throws -> DISite {
        let line = try compact()
        let column = try compact()
        let condition = try optional(in: table)
        let conditionID = Int32(bitPattern: UInt32(truncatingIfNeeded: try compact()))
        let branchCount = try count()
        var branches: [Int32] = []
        branches.reserveCapacity(branchCount)
        for _ in 0..<branchCount { branches.append(Int32(bitPattern: UInt32(truncatingIfNeeded: try compact()))) }
        return DISite(line: line, column: column, condition: condition, conditionID: conditionID, branches: branches)
    }

    private mutating func optionalSite(in table: [String]) throws -> DISite? {
        guard try byte() == 1 else { return nil }
        return try site(in: table)
    }

    private mutating func optionalCount() throws -> Int? {
        let value = try compact()
        return value == 0 ? nil : value - 1
    }
}

enum DIFactsCodec {
    static func code(_ framework: DIFramework) -> UInt8 {
        UInt8(DIFramework.allCases.firstIndex(of: framework)!)
    }

    static func framework(_ code: UInt8) throws -> DIFramework {
        guard Int(code) < DIFramework.allCases.count else { throw SummaryInput.Malformed() }
        return DIFramework.allCases[Int(code)]
    }
}
