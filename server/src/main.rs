use clap::Parser;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() {
    let config = outflank_server::Config::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    if let Err(e) = outflank_server::run(config).await {
        eprintln!("outflank-server: {e}");
        std::process::exit(1);
    }
}
