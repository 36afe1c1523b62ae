"""Tables: where a game is played, as the game screen sees it (``base.Table``), here
(``local.LocalTable``) or on a server (``scopa_tui.net.remote.RemoteTable``)."""
