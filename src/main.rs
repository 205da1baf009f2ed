//! The `parcel-desk` command: the desk app, the service twin (`sandbox`).

use clap::{Parser, Subcommand};
use parcel_desk::sandbox::{self, SandboxConfig};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "parcel-desk",
    version,
    about = "Parcel Desk: the counter clerk's desk for the parcel delivery service"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the twin of the service (all three interfaces) for demos, training and integration tests.
    Sandbox {
        /// Address to listen on; port 0 picks a free port.
        #[arg(long, default_value = "127.0.0.1:8080")]
        listen: SocketAddr,
        /// Keep the twin's records in this SQLite file across restarts.
        #[arg(long)]
        data: Option<PathBuf>,
        /// Advance every open order one status every N milliseconds.
        #[arg(long)]
        clock_ms: Option<u64>,
    },
}

fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

fn main() -> ExitCode {
    init_logging();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Sandbox {
            listen,
            data,
            clock_ms,
        }) => run_sandbox(SandboxConfig {
            listen,
            data,
            clock: clock_ms.filter(|ms| *ms > 0).map(Duration::from_millis),
            ..SandboxConfig::default()
        }),
        None => parcel_desk_app(),
    }
}

fn runtime() -> Result<tokio::runtime::Runtime, std::io::Error> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("parcel-desk-rt")
        .build()
}

fn run_sandbox(config: SandboxConfig) -> ExitCode {
    let rt = match runtime() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    rt.block_on(async {
        let running = match sandbox::start(config).await {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        println!("{}", running.banner());
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = running.wait() => {}
        }
        ExitCode::SUCCESS
    })
}

fn parcel_desk_app() -> ExitCode {
    eprintln!("The desk window is not built yet; run `parcel-desk sandbox` for the service twin.");
    ExitCode::FAILURE
}
