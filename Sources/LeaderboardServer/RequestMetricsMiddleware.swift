// Request counts, latencies and errors by route, into the application's own registry. These are
// the series Hummingbird's MetricsMiddleware records (hb_requests, http_server_request_duration,
// hb_request_errors, http_server_active_requests), with the same names and labels, but made with
// the registry's own factory rather than swift-metrics' process-wide one: that one can be set once
// per process, so every application a test built shared it, and a test could not build one apart.
import Dispatch
import Hummingbird
import Metrics
import Synchronization

struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let series: RequestSeries

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = DispatchTime.now().uptimeNanoseconds
        let method = request.method
        let active = series.active(method)
        active.increment()
        do {
            var response = try await next(request, context)
            let status = response.status
            let route = context.endpointPath ?? "Unknown"
            let body = response.body
            let series = series
            // Counted once the body is written, or has failed to be: a streamed answer's time is
            // the time it took to send.
            response.body = ResponseBody(contentLength: body.contentLength) { writer in
                do {
                    try await body.write(writer)
                } catch {
                    series.answered(route: route, method: method, status: status, started: started, active: active)
                    throw error
                }
                series.answered(route: route, method: method, status: status, started: started, active: active)
            }
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            let metrics = series.route(RequestSeries.Key(route: context.endpointPath ?? "NotFound", method: method, status: status))
            metrics.count.increment()
            metrics.errors.increment()
            active.decrement()
            throw error
        }
    }
}

/// The series, each made once per route, method and status (a lookup in the registry on every
/// request would take its lock for nothing).
final class RequestSeries: Sendable {
    struct Key: Hashable, Sendable {
        let route: String
        let method: HTTPRequest.Method
        let status: HTTPResponse.Status
    }

    struct Route: Sendable {
        let count: Counter
        let duration: Timer
        let errors: Counter
    }

    /// The registry's own (ServerMetrics), never swift-metrics' process-wide one.
    private let factory: any MetricsFactory
    private let routes = Mutex<[Key: Route]>([:])
    private let inFlight = Mutex<[HTTPRequest.Method: Meter]>([:])

    init(factory: any MetricsFactory) { self.factory = factory }

    /// Requests of `method` being answered now.
    func active(_ method: HTTPRequest.Method) -> Meter {
        let factory = factory
        return inFlight.withLock { meters in
            if let meter = meters[method] { return meter }
            let meter = Meter(label: "http.server.active_requests", dimensions: [("http.request.method", method.description)], factory: factory)
            meters[method] = meter
            return meter
        }
    }

    func route(_ key: Key) -> Route {
        let factory = factory
        return routes.withLock { routes in
            if let route = routes[key] { return route }
            let dimensions = [("http.route", key.route), ("http.request.method", key.method.description),
                              ("http.response.status_code", key.status.code.description)]
            let route = Route(
                count: Counter(label: "hb.requests", dimensions: dimensions, factory: factory),
                duration: Timer(label: "http.server.request.duration", dimensions: dimensions, preferredDisplayUnit: .seconds, factory: factory),
                errors: Counter(label: "hb.request.errors",
                                dimensions: [("http.route", key.route), ("http.request.method", key.method.description),
                                             ("error.type", key.status.code.description)],
                                factory: factory))
            routes[key] = route
            return route
        }
    }

    /// An answer has been written (or its writing failed): counted, timed, and no longer in flight.
    func answered(route: String, method: HTTPRequest.Method, status: HTTPResponse.Status, started: UInt64, active: Meter) {
        let metrics = self.route(Key(route: route, method: method, status: status))
        metrics.count.increment()
        metrics.duration.recordNanoseconds(DispatchTime.now().uptimeNanoseconds - started)
        active.decrement()
    }
}
