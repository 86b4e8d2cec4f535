"""The daily learning job (seed 003): per user and local day, reflection, candidates, archival and tags."""
