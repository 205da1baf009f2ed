//! Serving the twin from a command line: the arguments and the run, shared by the twin's own
//! binary (`parcel-desk-twin`) and the desk's `parcel-desk sandbox`.

use crate::SandboxConfig;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Serve the twin of the service (all three interfaces) for demos, training and integration tests.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// Keep the twin's records in this SQLite file across restarts.
    #[arg(long)]
    data: Option<PathBuf>,
    /// Advance every open order one status every N milliseconds.
    #[arg(long)]
    clock_ms: Option<u64>,
    /// HTTP status of the legacy answer to a wrong or expired token (deployments differ).
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u16).range(400..=401))]
    legacy_bad_token_status: u16,
    /// Answer the legacy directories in production's shapes rather than the contract's.
    #[arg(long)]
    real_shapes: bool,
    /// Also serve each interface at the root of its own port (legacy, current, warehouse),
    /// as production's three hosts do: `--split 127.0.0.1:8081,127.0.0.1:8082,127.0.0.1:8083`
    /// (or the three addresses apart: `--split A B C`).
    #[arg(long, value_delimiter = ',', num_args = 1..=3)]
    split: Option<Vec<SocketAddr>>,
    /// Serve the control routes (advance orders, faults, tokens, webhook deliveries) on this
    /// loopback address, for tests and demos; they are not served without it.
    #[arg(long)]
    control: Option<SocketAddr>,
}

impl ServeArgs {
    fn config(self) -> Result<SandboxConfig, String> {
        let split = match self.split {
            None => None,
            Some(given) => Some(<[SocketAddr; 3]>::try_from(given).map_err(|given| {
                format!(
                    "--split takes three addresses (legacy, current, warehouse), not {}",
                    given.len()
                )
            })?),
        };
        Ok(SandboxConfig {
            listen: self.listen,
            data: self.data,
            clock: self
                .clock_ms
                .filter(|ms| *ms > 0)
                .map(Duration::from_millis),
            legacy_bad_token_status: self.legacy_bad_token_status,
            real_shapes: self.real_shapes,
            split,
            control: self.control,
            ..SandboxConfig::default()
        })
    }
}

/// Logs to standard error, at `warn` unless `RUST_LOG` says otherwise: the desk's program and the
/// twin's own log the same way.
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

/// Serves until Ctrl+C (or the twin stops), printing where each interface listens.
pub fn serve(args: ServeArgs) -> ExitCode {
    let config = match args.config() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let exposed: Vec<SocketAddr> = std::iter::once(config.listen)
        .chain(config.split.into_iter().flatten())
        .filter(|a| !a.ip().is_loopback())
        .collect();
    for at in exposed {
        eprintln!(
            "warning: listening on {at}, beyond this computer. The sandbox is a twin for tests and \
             demos, not the service and not a security boundary: keep real customers' data out of it."
        );
    }
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("parcel-desk-twin")
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    rt.block_on(async {
        let running = match crate::start(config).await {
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
