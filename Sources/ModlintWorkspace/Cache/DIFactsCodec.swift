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
        list(facts.registrations) { output, registration in
            output.byte(DIFactsCodec.code(registration.framework))
            output.key(registration.key, &table)
            output.compact(table.index(registration.container))
            output.optional(registration.scope, &table)
            output.optional(registration.builds, &table)
            output.list(registration.resolves) { $0.key($1, &table) }
            output.optional(registration.backingKey, &table)
            output.byte(registration.isFallback ? 1 : 0)
            output.optional(registration.access, &table)
            output.optionalCount(registration.arguments)
            output.optional(registration.function, &table)
            output.optionalCount(registration.functionLine)
            output.site(registration.site, &table)
        }
        list(facts.consumptions) { output, consumption in
            output.byte(DIFactsCodec.code(consumption.framework))
            output.key(consumption.key, &table)
            output.site(consumption.site, &table)
        }
        list(facts.keys) { output, declaration in
            output.byte(DIFactsCodec.code(declaration.framework))
            output.compact(table.index(declaration.type))
            output.compact(table.index(declaration.conformance))
            output.optionalSite(declaration.liveValue, &table)
            output.optionalSite(declaration.testValue, &table)
            output.optionalSite(declaration.previewValue, &table)
            output.site(declaration.site, &table)
        }
        list(facts.containerCalls) { output, call in
            output.compact(table.index(call.method))
            output.compact(table.index(call.receiver))
            output.key(call.key, &table)
            output.optional(call.builds, &table)
            output.optionalCount(call.enclosingCall)
            output.optionalCount(call.functionLine)
            output.optional(call.function, &table)
            output.site(call.site, &table)
        }
        strings(facts.containerMethods, &table)
        list(facts.containerPasses) { output, pass in
            output.compact(table.index(pass.callee))
            output.compact(table.index(pass.container))
            output.compact(pass.line)
            output.optional(pass.function, &table)
            output.optionalCount(pass.functionLine)
        }
        list(facts.wrapperUses) { output, use in
            output.compact(table.index(use.wrapper))
            output.compact(table.index(use.type))
            output.site(use.site, &table)
        }
        list(facts.keyAliases) { output, alias in
            output.compact(table.index(alias.alias))
            output.compact(table.index(alias.type))
        }
        list(facts.methodForwards) { output, forward in
            output.compact(table.index(forward.method))
            output.compact(table.index(forward.target))
            output.byte(forward.framework.map { DIFactsCodec.code($0) + 1 } ?? 0)
        }
        list(facts.assemblerLists) { output, list in
            output.strings(list.assemblies, &table)
            output.optionalCount(list.functionLine)
            output.compact(list.line)
        }
    }

    /// A count, then the elements.
    private mutating func list<Element>(_ elements: [Element], _ write: (inout SummaryOutput, Element) -> Void) {
        compact(elements.count)
        for element in elements { write(&self, element) }
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
        list(site.branches) { $0.compact(Int(UInt32(bitPattern: $1))) }
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
        facts.registrations = try list { try $0.registration(in: table) }
        facts.consumptions = try list { input in
            let framework = try DIFactsCodec.framework(input.byte())
            let key = try input.key(in: table)
            return DIConsumption(framework: framework, key: key, site: try input.site(in: table))
        }
        facts.keys = try list { try $0.keyDeclaration(in: table) }
        facts.containerCalls = try list { try $0.containerCall(in: table) }
        facts.containerMethods = try strings(in: table)
        facts.containerPasses = try list { input in
            let callee = try input.string(in: table)
            let container = try input.string(in: table)
            let line = try input.compact()
            let function = try input.optional(in: table)
            return DIContainerPass(callee: callee, container: container, line: line, function: function,
                                   functionLine: try input.optionalCount())
        }
        facts.wrapperUses = try list { input in
            let wrapper = try input.string(in: table)
            let type = try input.string(in: table)
            return DIWrapperUse(wrapper: wrapper, type: type, site: try input.site(in: table))
        }
        facts.keyAliases = try list { input in
            let alias = try input.string(in: table)
            return DIKeyAlias(alias: alias, type: try input.string(in: table))
        }
        facts.methodForwards = try list { input in
            let method = try input.string(in: table)
            let target = try input.string(in: table)
            let code = try input.byte()
            return DIMethodForward(method: method, target: target, framework: code == 0 ? nil : try DIFactsCodec.framework(code - 1))
        }
        facts.assemblerLists = try list { input in
            let assemblies = try input.strings(in: table)
            let functionLine = try input.optionalCount()
            return DIAssemblerList(assemblies: assemblies, functionLine: functionLine, line: try input.compact())
        }
        return facts
    }

    private mutating func registration(in table: [String]) throws -> DIRegistration {
        let framework = try DIFactsCodec.framework(byte())
        let key = try key(in: table)
        let container = try string(in: table)
        let scope = try optional(in: table)
        let builds = try optional(in: table)
        let resolves = try list { try $0.key(in: table) }
        let backingKey = try optional(in: table)
        let isFallback = try byte()
        guard isFallback <= 1 else { throw SummaryInput.Malformed() }
        let access = try optional(in: table)
        let arguments = try optionalCount()
        let function = try optional(in: table)
        let functionLine = try optionalCount()
        var registration = DIRegistration(framework: framework, key: key, container: container, scope: scope, builds: builds,
                                          resolves: resolves, backingKey: backingKey, site: try site(in: table))
        registration.isFallback = isFallback == 1
        registration.access = access
        registration.arguments = arguments
        registration.function = function
        registration.functionLine = functionLine
        return registration
    }

    private mutating func keyDeclaration(in table: [String]) throws -> DIKeyDeclaration {
        let framework = try DIFactsCodec.framework(byte())
        let type = try string(in: table)
        let conformance = try string(in: table)
        let live = try optionalSite(in: table)
        let test = try optionalSite(in: table)
        let preview = try optionalSite(in: table)
        return DIKeyDeclaration(framework: framework, type: type, conformance: conformance, liveValue: live,
                                testValue: test, previewValue: preview, site: try site(in: table))
    }

    private mutating func containerCall(in table: [String]) throws -> DIContainerCall {
        let method = try string(in: table)
        let receiver = try string(in: table)
        let key = try key(in: table)
        let builds = try optional(in: table)
        let enclosingCall = try optionalCount()
        let functionLine = try optionalCount()
        let function = try optional(in: table)
        return DIContainerCall(method: method, receiver: receiver, key: key, builds: builds, enclosingCall: enclosingCall,
                               functionLine: functionLine, function: function, site: try site(in: table))
    }

    /// A count, then that many elements.
    private mutating func list<Element>(_ element: (inout SummaryInput) throws -> Element) throws -> [Element] {
        let count = try count()
        var result: [Element] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(try element(&self)) }
        return result
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
        let branches = try list { Int32(bitPattern: UInt32(truncatingIfNeeded: try $0.compact())) }
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
