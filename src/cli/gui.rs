//! `chuhan gui`: the board in the browser (see [`crate::web`]).

use super::ToolError;
use crate::web::{serve, ServeOptions};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// Play, analyse and referee on a board in the browser.
///
/// Starts a web server on this machine only (127.0.0.1) and opens the page
/// in the browser ($BROWSER, or the system's opener). Each tab plays its
/// own game against the engine, which the board runs exactly as a GUI
/// would; the referee judges every move under the chosen rules, and the
/// board warns before a move that would lose by a forbidden repetition.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan gui
  chuhan gui --port 8080 --no-open")]
pub struct GuiArgs {
    /// The port; 0 (the default) takes a free one.
    #[arg(long, value_name = "PORT", default_value_t = 0)]
    port: u16,
    /// The address to listen on. Anything but loopback lets other machines
    /// play on this engine: say so only on a network you trust.
    #[arg(long, value_name = "ADDRESS", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    listen: IpAddr,
    /// Print the address without opening a browser.
    #[arg(long)]
    no_open: bool,
}

pub fn run(args: GuiArgs) -> Result<(), ToolError> {
    serve(ServeOptions {
        address: SocketAddr::new(args.listen, args.port),
        open_browser: !args.no_open,
    })
    .map_err(ToolError::Failed)
}
