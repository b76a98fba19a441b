# cspm-report as a container: docker build -t cspm-report . && docker run --rm -v "$PWD:/work" cspm-report check reports/
#
# The build stage installs the devDependencies from the lockfile and packs the package
# (npm pack builds it through prepack): the image holds exactly what npm would install.
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
# --ignore-scripts: the package's prepare would build before the sources are copied.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm pack --silent --pack-destination /tmp \
 && mkdir -p /opt/cspm-report \
 && tar -xzf /tmp/cspm-report-*.tgz -C /opt/cspm-report --strip-components=1 \
 && cp package-lock.json /opt/cspm-report/ \
 && cd /opt/cspm-report \
 && npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm package-lock.json
# The PDF renderer embeds Noto fonts. Latin, Greek, Cyrillic, Devanagari, Arabic, Hebrew
# and Thai ship in the package (fonts/); Chinese, Japanese and Korean come from the
# optional peer packages, of which the renderer opens the regular and bold faces only:
# those two of each (instead of 147 MB of eighteen weights), at the lockfile's versions.
RUN for family in noto-sans-sc:NotoSansSC noto-sans-kr:NotoSansKR; do \
      package="@expo-google-fonts/${family%%:*}"; face="${family##*:}"; \
      target="/opt/cspm-report/node_modules/$package"; \
      mkdir -p "$target/400Regular" "$target/700Bold"; \
      cp "node_modules/$package/package.json" "node_modules/$package/LICENSE" "node_modules/$package/LICENSE_FONT" "$target/"; \
      cp "node_modules/$package/400Regular/${face}_400Regular.ttf" "$target/400Regular/"; \
      cp "node_modules/$package/700Bold/${face}_700Bold.ttf" "$target/700Bold/"; \
    done

FROM node:20-bookworm-slim
ENV NODE_ENV=production
COPY --from=build /opt/cspm-report /opt/cspm-report
RUN ln -s /opt/cspm-report/dist/cspm-report.js /usr/local/bin/cspm-report \
 && mkdir /work \
 && chown node:node /work
# The image's own user (uid 1000), not root: a report is untrusted input.
USER node
WORKDIR /work
ENTRYPOINT ["cspm-report"]
CMD ["--help"]
