//! The `parcel-desk` command: the desk window (no arguments), the service twin (`sandbox`), and
//! labels from order records (`label`).

use clap::{Parser, Subcommand};
use parcel_desk::desk::{Desk, DeskPaths};
use parcel_desk::label;
use parcel_desk::sandbox::{self, SandboxConfig};
use parcel_desk::ui::{self, DeskApp};
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
        /// HTTP status of the legacy answer to a wrong or expired token (deployments differ).
        #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u16).range(400..=401))]
        legacy_bad_token_status: u16,
        /// Answer the legacy directories in production's shapes rather than the contract's.
        #[arg(long)]
        real_shapes: bool,
        /// Also serve each interface at the root of its own port (legacy, current, warehouse),
        /// as production's three hosts do: `--split 127.0.0.1:8081,127.0.0.1:8082,127.0.0.1:8083`.
        #[arg(long, value_delimiter = ',', num_args = 3)]
        split: Option<Vec<SocketAddr>>,
        /// Serve the control routes (advance orders, faults, tokens, webhook deliveries) on this
        /// loopback address, for tests and demos; they are not served without it.
        #[arg(long)]
        control: Option<SocketAddr>,
    },
    /// Render labels from order records the service returned (legacy create/edit/detail or
    /// current detail JSON); several --order give one multi-page PDF or one ZPL stream.
    Label(label::command::LabelArgs),
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
            legacy_bad_token_status,
            real_shapes,
            split,
            control,
        }) => run_sandbox(SandboxConfig {
            listen,
            data,
            clock: clock_ms.filter(|ms| *ms > 0).map(Duration::from_millis),
            legacy_bad_token_status,
            real_shapes,
            split: split.and_then(|s| <[SocketAddr; 3]>::try_from(s).ok()),
            control,
            ..SandboxConfig::default()
        }),
        Some(Command::Label(args)) => match label::command::run(&args) {
            Ok(files) => {
                for f in files {
                    println!("{f}");
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        },
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
    let rt = match runtime() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let Some(paths) = DeskPaths::platform() else {
        eprintln!("no home folder: set PARCEL_DESK_CONFIG_DIR and PARCEL_DESK_DATA_DIR");
        return ExitCode::FAILURE;
    };
    let desk = match Desk::start(rt.handle().clone(), paths) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("Parcel Desk cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Parcel Desk")
        .with_app_id("parcel-desk")
        .with_inner_size([1280.0, 800.0])
        .with_min_inner_size([900.0, 600.0]);
    match eframe::icon_data::from_png_bytes(include_bytes!("../assets/icon.png")) {
        Ok(icon) => viewport = viewport.with_icon(std::sync::Arc::new(icon)),
        Err(e) => tracing::warn!("app icon unreadable: {e}"),
    }
    let options = eframe::NativeOptions {
        viewport,
        renderer: eframe::Renderer::Glow,
        ..eframe::NativeOptions::default()
    };
    let result = eframe::run_native(
        "Parcel Desk",
        options,
        Box::new(|cc| {
            ui::setup_context(&cc.egui_ctx, &desk);
            Ok(Box::new(DeskApp::new(desk)))
        }),
    );
    drop(rt);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("the window could not open: {e}");
            ExitCode::FAILURE
        }
    }
}
