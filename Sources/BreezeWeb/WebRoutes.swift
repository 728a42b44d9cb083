import BreezeVocabulary

/// Which page a path is: `/`, `/city/<name or slug>`, `/metrics`, `/api/v1/status`,
/// `/api/v1/cities/<slug or name>`; anything else is 404. Methods are the listener's: it answers
/// only GET and HEAD and passes the path without its query.
public enum WebRoutes {
    /// The page for `path` from `snapshot`.
    public static func page(path: String, snapshot: WebSnapshot) -> WebResponse {
        switch path {
        case "/api/v1/status": return APIRoutes.status(snapshot)
        case _ where path.hasPrefix(APIRoutes.cityPrefix): return APIRoutes.city(path: path, snapshot: snapshot)
        case "/metrics": return MetricsPage.page(snapshot)
        case "/": return DashboardPage.render(DashboardContext(snapshot: snapshot))
        case _ where path.hasPrefix(CityAddress.prefix):
            return CityPage.render(address: String(path.dropFirst(CityAddress.prefix.count)), context: DashboardContext(snapshot: snapshot))
        default:
            return .text("not found\n", status: 404)
        }
    }
}
