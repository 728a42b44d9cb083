"""Modules of the Open-Meteo-compatible fixture server (see ../open_meteo_server.py)."""
