import DIKit
import Foundation

enum Composition {
    static func registerServices() {
        let locator = ServiceLocator.shared
        locator.register(NotesStore.self) { CoreDataNotesStore() }
        locator.register(SyncEngine.self) { CloudSyncEngine(store: locator.resolve(NotesStore.self)) }
        locator.register(NotesStore.self) { InMemoryNotesStore() }
    }

    static func makeEditor() -> NoteEditor {
        NoteEditor(
            store: ServiceLocator.shared.resolve(NotesStore.self),
            spellChecker: ServiceLocator.shared.resolve(SpellChecker.self)
        )
    }

    static func decodeSettings(_ data: Data) throws -> Settings {
        try JSONDecoder().decode(Settings.self, from: data)
    }
}
