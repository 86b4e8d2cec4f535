# graphsvc service image (used by docker-compose.yml; Neo4j runs in its own container).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Only what the package needs (keeps .data/, .git/ and build output out of the image).
# cypher/ stays next to the package: graphsvc/graph/cypher.py reads <repo root>/cypher, so the
# install is editable (-e) and the source tree at /app is the repo root the code expects.
COPY pyproject.toml README.md ./
COPY graphsvc ./graphsvc
COPY cypher ./cypher
RUN pip install -e .

RUN useradd --system --uid 10001 --home-dir /app graphsvc \
    && mkdir -p /app/.data \
    && chown graphsvc /app/.data
USER graphsvc

EXPOSE 8000
CMD ["graphsvc", "serve", "--host", "0.0.0.0"]
