import FactoryKit
import Services

@MainActor
final class CheckoutViewModel: ObservableObject {
    @Injected(\.cartService) private var cart
    @LazyInjected(\.apiClient) private var api
    @WeakLazyInjected(\Container.paymentSheet) private var paymentSheet
    @Injected(\.logger) private var logger
}
