<?php
/**
 * The sandbox's admin API as the tests use it: register the shop's merchant, and play the
 * customer who completes a purchase (on the real UAT a person does that in the browser).
 */

declare(strict_types=1);

namespace Shop\Walley\Tests;

final class SandboxAdmin
{
    public function __construct(private readonly string $url, private readonly string $token)
    {
    }

    /** SANDBOX_URL (e.g. http://127.0.0.1:4010) and SANDBOX_ADMIN_TOKEN (empty where none is set). */
    public static function fromEnvironment(): self
    {
        $url = getenv('SANDBOX_URL');
        if ($url === false || $url === '') {
            throw new \RuntimeException('SANDBOX_URL is not set: the address of the sandbox, e.g. http://127.0.0.1:4010');
        }
        return new self(rtrim($url, '/'), (string) getenv('SANDBOX_ADMIN_TOKEN'));
    }

    /**
     * The shop's merchant with its store, SharedKey and API client, from the same settings the
     * shop runs with. 201: registered; 200: registered already with these same settings (an
     * earlier run against this sandbox). 409: the sandbox holds that merchant, store, username or
     * client with other settings; the tests would fail with its credentials, so the run stops here
     * with the sandbox's account of what differs.
     */
    public function registerShop(): void
    {
        $merchant = [
            'id' => setting('WALLEY_MERCHANT_ID', '7001'),
            'name' => 'The shop under test',
            'stores' => [['id' => (int) setting('WALLEY_STORE_ID'), 'countryCode' => 'SE', 'currency' => 'SEK']],
            'sharedKey' => ['username' => setting('WALLEY_SHAREDKEY_USERNAME'), 'key' => setting('WALLEY_SHAREDKEY')],
            'apiClients' => [['clientId' => setting('WALLEY_CLIENT_ID'), 'clientSecret' => setting('WALLEY_CLIENT_SECRET')]],
        ];
        [$status, $body] = $this->call('POST', '/__admin/uat/merchants', $merchant);
        if ($status === 201 || $status === 200) {
            return;
        }
        $why = is_array($body) ? ($body['error']['message'] ?? json_encode($body)) : 'no JSON answer';
        if ($status === 409) {
            throw new \RuntimeException(
                "The sandbox at {$this->url} refused the shop's merchant {$merchant['id']}: $why\n" .
                "Either start over (curl -s -X POST {$this->url}/__admin/reset, or a fresh state file), or set the WALLEY_* " .
                "settings to the ones the sandbox holds (curl -s {$this->url}/__admin/uat/merchants)."
            );
        }
        throw new \RuntimeException("registering the shop's merchant answered $status: $why");
    }

    /** The customer completes the purchase; the checkout then has an order. */
    public function purchase(string $privateId): void
    {
        [$status, $body] = $this->call('POST', "/__admin/uat/checkouts/$privateId/purchase", ['result' => 'Preliminary']);
        if ($status !== 200) {
            throw new \RuntimeException("purchase answered $status: " . json_encode($body));
        }
    }

    /**
     * @param array<string, mixed> $payload
     * @return array{0: int, 1: mixed}
     */
    private function call(string $method, string $path, array $payload): array
    {
        $headers = ['Content-Type: application/json'];
        if ($this->token !== '') {
            $headers[] = 'Authorization: Bearer ' . $this->token;
        }
        $curl = curl_init($this->url . $path);
        curl_setopt_array($curl, [
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_HTTPHEADER => $headers,
            CURLOPT_POSTFIELDS => json_encode($payload),
            CURLOPT_TIMEOUT => 20,
        ]);
        $text = curl_exec($curl);
        $status = (int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        curl_close($curl);
        if ($text === false) {
            throw new \RuntimeException("$method {$this->url}$path: no answer");
        }
        return [$status, json_decode((string) $text, true)];
    }
}

/** A setting from the environment, as the shop's CI job sets it; $default where it may be left out. */
function setting(string $name, ?string $default = null): string
{
    $value = getenv($name);
    if ($value === false || $value === '') {
        if ($default === null) {
            throw new \RuntimeException("$name is not set (see docs/php-and-woocommerce.md for the job's settings)");
        }
        // Said once on the run's output, so a default never passes unnoticed.
        fwrite(STDERR, "$name is not set: using $default\n");
        putenv("$name=$default");
        return $default;
    }
    return $value;
}
