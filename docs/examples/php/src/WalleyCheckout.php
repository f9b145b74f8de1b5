<?php
/**
 * A shop's Walley Checkout integration, as a PHP shop writes it: plain PHP cURL, no Composer
 * package. Its base URLs default to the real UAT host, so pointed at the sandbox it either
 * gets other base URLs (WALLEY_AUTH_URL, WALLEY_BASE_URL) or runs unchanged on the real names
 * over HTTPS (docs/php-and-woocommerce.md).
 */

declare(strict_types=1);

namespace Shop\Walley;

final class WalleyError extends \RuntimeException
{
    /** @param array<string, mixed>|null $body */
    public function __construct(string $message, public readonly int $status, public readonly ?array $body)
    {
        parent::__construct($message);
    }
}

final class WalleyCheckout
{
    public const UAT_HOST = 'https://api.uat.walleydev.com';
    public const UAT_SCOPE = '705798e0-8cef-427c-ae00-6023deba29af/.default';

    private ?string $token = null;

    public function __construct(
        private readonly string $clientId,
        private readonly string $clientSecret,
        private readonly int $storeId,
        private readonly string $authUrl = self::UAT_HOST,
        private readonly string $baseUrl = self::UAT_HOST,
        private readonly string $scope = self::UAT_SCOPE,
    ) {
    }

    /** The client-credentials token (kept for the object's lifetime; a real shop caches it until it expires). */
    public function accessToken(): string
    {
        if ($this->token === null) {
            $form = http_build_query([
                'grant_type' => 'client_credentials',
                'client_id' => $this->clientId,
                'client_secret' => $this->clientSecret,
                'scope' => $this->scope,
            ]);
            $answer = WalleyHttp::send('POST', $this->authUrl . '/oauth2/v2.0/token', $form, ['Content-Type: application/x-www-form-urlencoded']);
            $this->token = (string) $answer['body']['access_token'];
        }
        return $this->token;
    }

    /**
     * @param list<array{id: string, description: string, unitPrice: float, quantity: int, vat: float}> $items
     * @return array<string, mixed> the checkout's data: privateId, publicToken, expiresAt
     */
    public function initializeCheckout(string $reference, array $items, string $countryCode = 'SE'): array
    {
        return $this->api('POST', '/checkouts', [
            'storeId' => $this->storeId,
            'countryCode' => $countryCode,
            'reference' => $reference,
            'merchantTermsUri' => 'https://shop.example/terms',
            'cart' => ['items' => $items],
        ])['data'];
    }

    /** @return array<string, mixed> */
    public function checkout(string $privateId): array
    {
        return $this->api('GET', '/checkouts/' . rawurlencode($privateId))['data'];
    }

    /** @return array<string, mixed> */
    public function order(string $orderId): array
    {
        return $this->api('GET', '/manage/orders/' . rawurlencode($orderId))['data'];
    }

    /** Captures the amount (major units, as a string: "2499.00"); the answer carries no body. */
    public function capture(string $orderId, string $amount): int
    {
        $answer = WalleyHttp::send('POST', $this->baseUrl . '/manage/orders/' . rawurlencode($orderId) . '/capture', json_encode(['amount' => $amount]), $this->bearer());
        return $answer['status'];
    }

    /**
     * @param array<string, mixed>|null $payload
     * @return array<string, mixed>
     */
    private function api(string $method, string $path, ?array $payload = null): array
    {
        return WalleyHttp::send($method, $this->baseUrl . $path, $payload === null ? null : json_encode($payload), $this->bearer())['body'] ?? [];
    }

    /** @return list<string> */
    private function bearer(): array
    {
        return ['Authorization: Bearer ' . $this->accessToken(), 'Content-Type: application/json'];
    }
}
