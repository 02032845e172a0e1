import FactoryKit

extension Container {
    public var apiClient: Factory<APIClient> {
        self { LiveAPIClient(baseURL: URL(string: "https://api.example.com")!) }
            .singleton
    }

    public var cartService: Factory<CartService> {
        self { DefaultCartService(pricing: self.pricingService()) }
    }

    public var pricingService: Factory<PricingService> {
        self { DefaultPricingService(cart: self.cartService(), api: self.apiClient()) }
            .cached
    }

    #if DEBUG
    public var logger: Factory<Logger> { self { ConsoleLogger() } }
    #else
    public var logger: Factory<Logger> { self { OSLogger() } }
    #endif
}
