// Lazy chunk dist/review-lazy.js: the local review page server, loaded only by `axiom ui`.
export { openBrowser, removeDiscovery, startReviewServer, writeDiscovery } from "@codai/axiom-review";
