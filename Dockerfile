# Image for compose.yaml: the built app and the gateway in one Python image.
FROM node:20-bookworm-slim AS frontend
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend ./frontend
COPY contracts ./contracts
RUN npm run build

FROM python:3.11-slim-bookworm
WORKDIR /app
COPY pyproject.toml ./
COPY gateway ./gateway
COPY upstream_mocks ./upstream_mocks
COPY payments_client ./payments_client
# What the gateway and the mocks share: India's rules, and how a request's trace is made.
COPY india ./india
COPY otel_traces ./otel_traces
COPY contracts ./contracts
# The production gateway leaves the mocks' packages out (set LENDING_URL, CATALOGUE_URL and
# MAIL_URL); the mocks' image, or a demo with them embedded, builds with EXTRAS="[mocks]".
ARG EXTRAS=""
RUN pip install --no-cache-dir ".${EXTRAS}"
COPY --from=frontend /app/frontend/dist ./frontend/dist
ENV STATIC_DIR=/app/frontend/dist
EXPOSE 8000
CMD ["python", "-m", "gateway"]
