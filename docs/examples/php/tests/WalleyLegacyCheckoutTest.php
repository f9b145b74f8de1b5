<?php
/**
 * The SharedKey integration against the sandbox's legacy host: a checkout in the shop's own
 * store with the old path style, read back; a wrong SharedKey refused with 401. The base URL
 * is WALLEY_LEGACY_URL where set, else the real legacy UAT host (over HTTPS on the real names).
 */

declare(strict_types=1);

namespace Shop\Walley\Tests;

use PHPUnit\Framework\TestCase;
use Shop\Walley\WalleyError;
use Shop\Walley\WalleyLegacyCheckout;

final class WalleyLegacyCheckoutTest extends TestCase
{
    private static function client(?string $sharedKey = null): WalleyLegacyCheckout
    {
        return new WalleyLegacyCheckout(
            username: setting('WALLEY_SHAREDKEY_USERNAME'),
            sharedKey: $sharedKey ?? setting('WALLEY_SHAREDKEY'),
            storeId: (int) setting('WALLEY_STORE_ID'),
            baseUrl: setting('WALLEY_LEGACY_URL', WalleyLegacyCheckout::UAT_LEGACY_HOST),
        );
    }

    private const TENT = ['id' => 'TENT-2P', 'description' => 'Two-person tent', 'unitPrice' => 2499.00, 'quantity' => 1, 'vat' => 25];

    public function testInitializesASignedCheckoutAndReadsItBack(): void
    {
        $walley = self::client();
        $created = $walley->initializeCheckout('ORDER-2001', [self::TENT]);
        $this->assertMatchesRegularExpression('/^[0-9a-f-]{36}$/', $created['privateId']);
        $this->assertStringStartsWith('public-SE-', $created['publicToken']);

        $checkout = $walley->checkout($created['privateId']);
        $this->assertSame('Initialized', $checkout['status']);
        $this->assertSame('ORDER-2001', $checkout['reference']);
        $this->assertSame('TENT-2P', $checkout['cart']['items'][0]['id']);
    }

    public function testAWrongSharedKeyIsRefused(): void
    {
        try {
            self::client('not-the-shared-key')->initializeCheckout('ORDER-2002', [self::TENT]);
            $this->fail('a wrong SharedKey initialized a checkout');
        } catch (WalleyError $error) {
            $this->assertSame(401, $error->status);
        }
    }
}
