"""``combat serve``: the players' live page. Only :mod:`combat_cli.web.server` imports the web
stack (Starlette, uvicorn); the rest is plain Python, so ``show --player`` stays light."""
