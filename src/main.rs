//! The `parcel-desk` command: the desk window (no arguments), the service twin (`sandbox`, the same
//! as `parcel-desk-twin`), and labels from order records (`label`).

use clap::{Parser, Subcommand};
use parcel_desk::desk::{Desk, DeskPaths};
use parcel_desk::label;
use parcel_desk::twin;
use parcel_desk::ui::{self, DeskApp};
use std::process::ExitCode;

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
    Sandbox(twin::command::ServeArgs),
    /// Render labels from order records the service returned (legacy create/edit/detail or
    /// current detail JSON); several --order give one multi-page PDF or one ZPL stream.
    Label(label::command::LabelArgs),
}

fn main() -> ExitCode {
    twin::command::init_logging();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Sandbox(args)) => twin::command::serve(args),
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
