//! `parcel-desk-twin`: the twin of the service on its own, for integrators who want it without
//! the desk (the same as `parcel-desk sandbox`).

use clap::Parser;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "parcel-desk-twin",
    version,
    about = "The twin of the parcel service (legacy, current and warehouse interfaces)"
)]
struct Cli {
    #[command(flatten)]
    serve: twin::command::ServeArgs,
}

fn main() -> ExitCode {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
    twin::command::serve(Cli::parse().serve)
}
