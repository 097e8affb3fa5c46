import { Package } from 'lucide-react'
import { parseProducts } from '../../lib/format'
import type { TradeInfo } from '../../lib/types'
import { Badge } from '../ui/Badge'
import { InfoField as Field } from '../ui/Banner'
import { fieldGrid, SectionCard, type SectionViewProps } from './SectionCard'

/** TradeView shows products, incoterms and price; detailed, the products as badges and every field. */
export function TradeView({ data: t, loading, detailed }: SectionViewProps<TradeInfo | null>) {
  const products = t ? parseProducts(t.productsTraded) : []
  return (
    <SectionCard title="Trade Information" icon={<Package className="h-5 w-5" aria-hidden />} loading={loading} empty={!t && 'No trade information.'}>
      {t &&
        (detailed ? (
          <dl className={fieldGrid(true)}>
            <Field label="Products Traded" className="sm:col-span-2">
              {products.length > 0 ? (
                <span className="flex flex-wrap gap-1.5">
                  {products.map((p) => (
                    <Badge key={p} color="blue">
                      {p}
                    </Badge>
                  ))}
                </span>
              ) : null}
            </Field>
            <Field label="Other Products">{t.otherProducts}</Field>
            <Field label="Preferred Incoterms">{t.incoterms}</Field>
            <Field label="Target Quantity">{t.targetQuantity}</Field>
            <Field label="Preferred Origin">{t.preferredOrigin}</Field>
            <Field label="Target Price / Range">{t.targetPrice}</Field>
            <Field label="Past Transaction History" className="sm:col-span-2">
              {t.pastTransactions ? <span className="whitespace-pre-line">{t.pastTransactions}</span> : null}
            </Field>
          </dl>
        ) : (
          <dl className={fieldGrid()}>
            <Field label="Main Products">{products.join(', ')}</Field>
            <Field label="Other Products">{t.otherProducts}</Field>
            <Field label="Incoterms">{t.incoterms}</Field>
            <Field label="Target Price">{t.targetPrice}</Field>
          </dl>
        ))}
    </SectionCard>
  )
}
