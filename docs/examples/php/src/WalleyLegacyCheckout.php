<?php
/**
 * A shop on the legacy SharedKey host, as the older modules (Magento 1 and its kind) talk to it:
 * every request signed with the shop's SharedKey, the old path style (the store id in the
 * body of POST /checkout, then /merchants/{storeId}/checkouts/{privateId}), answers in the
 * {id, data, error} envelope. Plain PHP cURL. Its base URL defaults to the real legacy UAT host;
 * pointed at the sandbox it gets another (WALLEY_LEGACY_URL).
 */

declare(strict_types=1);

namespace Shop\Walley;

final class WalleyLegacyCheckout
{
    public const UAT_LEGACY_HOST = 'https://api.checkout.uat.walleydev.com';

    public function __construct(
        private readonly string $username,
        private readonly string $sharedKey,
        private readonly int $storeId,
        private readonly string $baseUrl = self::UAT_LEGACY_HOST,
    ) {
    }

    /**
     * The SharedKey header: base64(username ":" hex SHA-256 of body + path + key). The body is
     * hashed as the bytes sent (PHP's json_encode escapes "/" as "\/": the same bytes go out).
     */
    public function signature(string $path, string $body = ''): string
    {
        return 'SharedKey ' . base64_encode($this->username . ':' . hash('sha256', $body . $path . $this->sharedKey));
    }

    /**
     * @param list<array{id: string, description: string, unitPrice: float, quantity: int, vat: float}> $items
     * @return array<string, mixed> the checkout's data: privateId, publicToken, expiresAt
     */
    public function initializeCheckout(string $reference, array $items, string $countryCode = 'SE'): array
    {
        return $this->call('POST', '/checkout', [
            'storeId' => $this->storeId,
            'countryCode' => $countryCode,
            'reference' => $reference,
            'merchantTermsUri' => 'https://shop.example/terms',
            'notificationUri' => 'https://shop.example/walley/notify',
            'cart' => ['items' => $items],
        ]);
    }

    /** @return array<string, mixed> */
    public function checkout(string $privateId): array
    {
        return $this->call('GET', '/merchants/' . $this->storeId . '/checkouts/' . rawurlencode($privateId));
    }

    /**
     * @param array<string, mixed>|null $payload
     * @return array<string, mixed> the envelope's data
     */
    private function call(string $method, string $path, ?array $payload = null): array
    {
        $body = $payload === null ? '' : (string) json_encode($payload);
        $headers = ['Authorization: ' . $this->signature($path, $body), 'Content-Type: application/json'];
        $answer = WalleyHttp::send($method, $this->baseUrl . $path, $body === '' ? null : $body, $headers);
        $decoded = $answer['body'];
        if (!is_array($decoded) || ($decoded['error'] ?? null) !== null) {
            $why = $decoded['error']['message'] ?? 'an answer without the {id, data, error} envelope';
            throw new WalleyError("$method {$this->baseUrl}$path answered {$answer['status']}: $why", $answer['status'], $decoded);
        }
        return $decoded['data'];
    }
}
