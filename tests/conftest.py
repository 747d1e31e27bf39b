"""Every test folder shares the helper modules at the top of ``tests/`` (`tools_loader`,
`language_check`): pytest puts the folder of a conftest on ``sys.path`` when it loads it, so this
file makes them importable from ``tests/i18n`` and ``tests/browser`` as well as from here."""
