<?php
/**
 * The integration against the sandbox: a checkout in the shop's own store, read back; the
 * customer buys; the shop captures the order; and a wrong secret fails as Entra fails it.
 * The base URLs are WALLEY_AUTH_URL and WALLEY_BASE_URL where set, else the real UAT host
 * (the unchanged client, served over HTTPS on the real names).
 */

declare(strict_types=1);

namespace Shop\Walley\Tests;

use PHPUnit\Framework\TestCase;
use Shop\Walley\WalleyCheckout;
use Shop\Walley\WalleyError;

final class WalleyCheckoutTest extends TestCase
{
    private static function client(?string $secret = null): WalleyCheckout
    {
        return new WalleyCheckout(
            clientId: setting('WALLEY_CLIENT_ID'),
            clientSecret: $secret ?? setting('WALLEY_CLIENT_SECRET'),
            storeId: (int) setting('WALLEY_STORE_ID'),
            authUrl: setting('WALLEY_AUTH_URL', WalleyCheckout::UAT_HOST),
            baseUrl: setting('WALLEY_BASE_URL', WalleyCheckout::UAT_HOST),
        );
    }

    private const TENT = ['id' => 'TENT-2P', 'description' => 'Two-person tent', 'unitPrice' => 2499.00, 'quantity' => 1, 'vat' => 25];

    public function testInitializesACheckoutInTheShopsStoreAndReadsItBack(): void
    {
        $walley = self::client();
        $created = $walley->initializeCheckout('ORDER-1001', [self::TENT]);
        $this->assertMatchesRegularExpression('/^[0-9a-f-]{36}$/', $created['privateId']);
        $this->assertStringStartsWith('public-SE-', $created['publicToken']);

        $checkout = $walley->checkout($created['privateId']);
        $this->assertSame('Initialized', $checkout['status']);
        $this->assertSame('ORDER-1001', $checkout['reference']);
        $this->assertSame('TENT-2P', $checkout['cart']['items'][0]['id']);
    }

    public function testCapturesTheOrderOnceTheCustomerHasBought(): void
    {
        $walley = self::client();
        $privateId = $walley->initializeCheckout('ORDER-1002', [self::TENT])['privateId'];
        SandboxAdmin::fromEnvironment()->purchase($privateId);

        $orderId = $walley->checkout($privateId)['order']['orderId'];
        $this->assertSame('NotActivated', $walley->order($orderId)['status']);
        $this->assertSame(202, $walley->capture($orderId, '2499.00'));
        $this->assertSame('Activated', $walley->order($orderId)['status']);
    }

    public function testAWrongSecretFailsAsEntraFailsIt(): void
    {
        try {
            self::client('not-the-secret')->accessToken();
            $this->fail('a wrong secret got a token');
        } catch (WalleyError $error) {
            $this->assertSame(401, $error->status);
            $this->assertSame('invalid_client', $error->body['error']);
            $this->assertStringStartsWith('AADSTS7000215', $error->body['error_description']);
        }
    }
}
