//! The site beside the API: the release build's files served as a static host serves them,
//! compressed for browsers that accept it, with the API's routes untouched.

mod common;

use common::{data_dir, Server};
use reqwest::header::{ACCEPT_ENCODING, CONTENT_ENCODING, CONTENT_TYPE};
use reqwest::StatusCode;

#[tokio::test]
async fn the_site_is_served_beside_the_api() {
    let data = data_dir();
    let site = tempfile::tempdir().unwrap();
    let page = "<!doctype html><title>Outflank</title>".repeat(40);
    std::fs::write(site.path().join("index.html"), &page).unwrap();
    std::fs::create_dir(site.path().join("app")).unwrap();
    std::fs::write(site.path().join("app").join("viewer_bg.wasm"), [0u8; 2048]).unwrap();
    let server = Server::start(data.path(), &["--site", site.path().to_str().unwrap()]);
    let http = reqwest::Client::new();

    let index = http.get(format!("{}/", server.url)).send().await.unwrap();
    assert_eq!(index.status(), StatusCode::OK);
    assert!(index.headers()[CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    // Cross-origin isolated: the computer's search may use several threads.
    assert_eq!(index.headers()["cross-origin-opener-policy"], "same-origin");
    assert_eq!(
        index.headers()["cross-origin-embedder-policy"],
        "require-corp"
    );
    assert_eq!(index.text().await.unwrap(), page);

    let wasm = http
        .get(format!("{}/app/viewer_bg.wasm", server.url))
        .header(ACCEPT_ENCODING, "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(wasm.status(), StatusCode::OK);
    assert_eq!(wasm.headers()[CONTENT_TYPE], "application/wasm");
    assert_eq!(wasm.headers()[CONTENT_ENCODING], "gzip");
    assert_eq!(
        wasm.headers()["cross-origin-embedder-policy"],
        "require-corp"
    );
    assert!(wasm.bytes().await.unwrap().len() < 2048);

    let missing = http
        .get(format!("{}/nothing.js", server.url))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);

    let health = http
        .get(format!("{}/api/health", server.url))
        .send()
        .await
        .unwrap();
    assert_eq!(health.status(), StatusCode::OK);
    assert!(health.headers()[CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("application/json"));
}
