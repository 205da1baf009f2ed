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
    twin::command::init_logging();
    twin::command::serve(Cli::parse().serve)
}
