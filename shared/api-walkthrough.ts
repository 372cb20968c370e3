/**
 * The curl walk-through of the API reference page (/docs/api): the page renders these steps, and
 * tests/integration/api-docs-walkthrough.test.ts runs the same code blocks, as written, with bash and real curl
 * against the local host (BASE_URL and API_KEY set, a photo front-left.jpg in the working folder).
 */
export interface WalkthroughStep {
  title: string;
  text: string;
  /** bash; uses $BASE_URL and $API_KEY, and what earlier steps set. */
  code: string;
}

export const WALKTHROUGH_VARIABLES = {
  BASE_URL: 'The site’s address, e.g. https://studiolot.example (http://localhost:3000 locally).',
  API_KEY: 'A key from Settings → API keys (starts with slk_).',
} as const;

export const WALKTHROUGH: readonly WalkthroughStep[] = [
  {
    title: '1. Check your credits',
    text: 'Every call sends the key as a bearer token. A car package costs 1 credit when it starts.',
    code: `curl -sS --fail-with-body "$BASE_URL/api/v1/credits/balance" \\
  -H "Authorization: Bearer $API_KEY" | jq '{total_credits}'`,
  },
  {
    title: '2. Create the car package with your stock number or VIN',
    text: 'external_id is unique per dealer: creating again with the same id answers the same package (200, "created": false), so a retried request never makes a second one. The answer holds one presigned upload per photo.',
    code: `curl -sS --fail-with-body -X POST "$BASE_URL/api/v1/car-packages" \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"external_id": "STOCK-1042", "session_name": "2021 Cupra Born",
       "photos": [{"file_name": "front-left.jpg", "content_type": "image/jpeg",
                   "size": '"$(wc -c < front-left.jpg)"', "angle": "front_left_corner"}]}' \\
  > package.json
PACKAGE_ID=$(jq -r .id package.json)
echo "$PACKAGE_ID"`,
  },
  {
    title: '3. Upload the photo through its presigned post',
    text: 'Send the fields exactly as given, then the file as "file", straight to storage (no key needed: the post is signed). JPEG, PNG or WebP, up to 10 MB.',
    code: `fields=()
while IFS= read -r field; do fields+=(-F "$field"); done \\
  < <(jq -r '.uploads[0].fields | to_entries[] | "\\(.key)=\\(.value)"' package.json)
curl -sS --fail-with-body -X POST "$(jq -r '.uploads[0].url' package.json)" \\
  "\${fields[@]}" -F "file=@front-left.jpg;type=image/jpeg"`,
  },
  {
    title: '4. Start it',
    text: 'The photos are checked, 1 credit is charged once, and rendering starts. With an Idempotency-Key, a retried start answers the same start; starting again charges nothing anyway.',
    code: `curl -sS --fail-with-body -X POST "$BASE_URL/api/v1/car-packages/$PACKAGE_ID/start" \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Idempotency-Key: start-$PACKAGE_ID" | jq '{replayed, total_credits}'`,
  },
  {
    title: '5. Wait until it has finished',
    text: 'Poll the package, or register a webhook endpoint in Settings and receive package.completed or package.failed. A package is made of the angles its photos show (total_angles, up to 8): completed when each is made; missing_angles names the others, with the photo that would give each. The image links in the answer are signed and short-lived: read the package again for fresh ones.',
    code: `until jq -e '.status != "pending" and .status != "processing"' status.json > /dev/null 2>&1; do
  sleep 5
  curl -sS --fail-with-body "$BASE_URL/api/v1/car-packages/$PACKAGE_ID" \\
    -H "Authorization: Bearer $API_KEY" > status.json
done
jq '{status, total_angles, completed_angles, failed_angles, missing: [.missing_angles[].angle]}' status.json`,
  },
  {
    title: '6. Download every finished image as one zip',
    text: 'The answer is a signed link to the zip, valid for an hour.',
    code: `curl -sS --fail-with-body -X POST "$BASE_URL/api/v1/car-packages/$PACKAGE_ID/zip" \\
  -H "Authorization: Bearer $API_KEY" > zip.json
curl -sS --fail-with-body -o studio-images.zip "$(jq -r .url zip.json)"
jq '{file_name, image_count}' zip.json`,
  },
  {
    title: '7. Read your inventory feed (CSV) for listing sites',
    text: 'One row per car: VIN, stock number, name, year, make, model, status, its finished images in angle order (full 1536x1024, 1024 px and 640x480, joined with |) and its walk-around video. The URL names your account id (the user_id of your packages); add ?format=json for JSON. The image links stay the same in every read while the image does. For a site that cannot send a key, make a secret feed link in Settings → Inventory feed.',
    code: `DEALER_ID=$(jq -r .user_id status.json)
curl -sS --fail-with-body "$BASE_URL/api/v1/dealers/$DEALER_ID/inventory-feed" \\
  -H "Authorization: Bearer $API_KEY" > inventory.csv
head -c 300 inventory.csv; echo
curl -sS --fail-with-body "$BASE_URL/api/v1/dealers/$DEALER_ID/inventory-feed?format=json" \\
  -H "Authorization: Bearer $API_KEY" > inventory.json
curl -sS --fail-with-body -o front-640x480.jpg "$(jq -r '.cars[0].image_urls_640x480[0]' inventory.json)"`,
  },
];
