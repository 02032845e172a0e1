/// A generated workspace in the shape of a large modular app: 124 targets in six local
/// packages (an app, 40 features, 30 services, 30 core modules, 15 UI components, 8
/// utilities), each feature using two services and a UI component, services using core
/// modules, core modules chained in places. Deterministic: same files every time.
enum LargeWorkspace {
    struct Layer {
        var package: String
        var prefix: String
        var count: Int
    }

    static let features = Layer(package: "Features", prefix: "Feature", count: 40)
    static let services = Layer(package: "Services", prefix: "Service", count: 30)
    static let core = Layer(package: "Core", prefix: "Core", count: 30)
    static let ui = Layer(package: "UI", prefix: "UIComponent", count: 15)
    static let utilities = Layer(package: "Utilities", prefix: "Util", count: 8)

    static func name(_ layer: Layer, _ number: Int) -> String {
        layer.prefix + (number < 10 ? "0" : "") + String(number)
    }

    /// Target name → (package, dependencies as (target, package)).
    static var targets: [(name: String, package: String, dependencies: [(String, String)])] {
        var out: [(String, String, [(String, String)])] = []
        func dep(_ layer: Layer, _ index: Int) -> (String, String) {
            (name(layer, (index % layer.count) + 1), layer.package)
        }
        out.append(("App", "App", (1...features.count).map { dep(features, $0 - 1) }))
        for i in 0..<features.count {
            out.append((name(features, i + 1), features.package, [dep(services, i), dep(services, i * 7 + 3), dep(ui, i)]))
        }
        for i in 0..<services.count {
            out.append((name(services, i + 1), services.package, [dep(core, i), dep(core, i * 3 + 1)]))
        }
        for i in 0..<core.count {
            var dependencies = [dep(utilities, i)]
            if i > 0 && i % 3 == 0 { dependencies.append(dep(core, i - 1)) }
            out.append((name(core, i + 1), core.package, dependencies))
        }
        for i in 0..<ui.count {
            out.append((name(ui, i + 1), ui.package, [dep(utilities, i)]))
        }
        for i in 0..<utilities.count {
            out.append((name(utilities, i + 1), utilities.package, []))
        }
        return out
    }

    static var files: [(String, String)] {
        let all = targets
        var files: [(String, String)] = []
        for package in ["App", "Features", "Services", "Core", "UI", "Utilities"] {
            let own = all.filter { $0.package == package }
            let used = Set(own.flatMap { $0.dependencies.map(\.1) }).subtracting([package]).sorted()
            let targetList = own.map { target -> String in
                let dependencies = target.dependencies.map { name, owner in
                    owner == package ? "\"\(name)\"" : ".product(name: \"\(name)\", package: \"\(owner)\")"
                }
                let kind = target.name == "App" ? "executableTarget" : "target"
                return "        .\(kind)(name: \"\(target.name)\", dependencies: [\(dependencies.joined(separator: ", "))]),"
            }
            let products = own.filter { $0.name != "App" }
                .map { "        .library(name: \"\($0.name)\", targets: [\"\($0.name)\"])," }
            files.append(("\(package)/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "\(package)",
                products: [
            \(products.joined(separator: "\n"))
                ],
                dependencies: [
            \(used.map { "        .package(path: \"../\($0)\")," }.joined(separator: "\n"))
                ],
                targets: [
            \(targetList.joined(separator: "\n"))
                ]
            )

            """))
            for target in own {
                let imports = target.dependencies.map { "import \($0.0)\n" }.joined()
                files.append(("\(package)/Sources/\(target.name)/\(target.name).swift", imports + "public struct \(target.name)Marker {}\n"))
            }
        }
        return files
    }
}
