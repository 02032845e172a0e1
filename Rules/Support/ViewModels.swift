import ModlintFacts
import ModlintGraph

/// Which types and modules are view models. Shared by the MVVM rules.
enum ViewModels {
    static func isViewModelName(_ name: String) -> Bool {
        name.hasSuffix("ViewModel")
    }

    static func isViewModelModule(_ module: ModuleGraph.Module, _ settings: MVVMSettings) -> Bool {
        settings.viewModelModules.contains { $0.matches(module.name) || $0.matches(module.id) }
    }
}
