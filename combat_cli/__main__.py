from combat_cli.cli import main

main()
