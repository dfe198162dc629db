#!/bin/sh
# Stand-in for Prisma's native schema-engine binary, which cannot be downloaded here.
# `prisma generate|validate|format` only need it to answer --version.
if [ "$1" = "--version" ]; then echo "schema-engine-cli 0.0.0-offline-stub"; exit 0; fi
echo "Prisma's native schema engine is not available on this machine (offline). Apply migrations with scripts/migrate.ts (pnpm db:migrate); check/draft SQL with scripts/schema-check.ts (pnpm db:check)." >&2
exit 1
