/**
 * City / Town (decision 0180): a combo box that suggests the chosen island's towns (all the Bahamas' when no
 * island is chosen) and takes any other name as typed. The server keeps what was typed, writing a
 * suggested town or an all-lower-case name with capitals; a refused name shows its error under the field.
 */

import { BAHAMAS_ISLANDS, findIsland } from '@buildbid/domain/catalog';
import { useMemo } from 'react';
import {
  Button,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components';

export function townSuggestions(country: string, island: string): string[] {
  if (country !== 'BS') return [];
  const found = island ? findIsland(island) : undefined;
  return found ? [...found.towns] : BAHAMAS_ISLANDS.flatMap((i) => i.towns);
}

export function TownField({
  country,
  island,
  value,
  onChange,
  error,
}: {
  country: string;
  island: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
}) {
  const towns = useMemo(() => townSuggestions(country, island), [country, island]);
  return (
    <ComboBox
      className="field"
      name="city"
      allowsCustomValue
      menuTrigger="focus"
      inputValue={value}
      onInputChange={onChange}
      onSelectionChange={(key) => {
        if (key !== null) onChange(String(key));
      }}
      isInvalid={error ? true : undefined}
    >
      <Label className="field-label">City / Town</Label>
      <div className="combo">
        <Input className="input" />
        {towns.length > 0 && (
          <Button className="combo-button" aria-label="Show towns">
            <span aria-hidden="true">▾</span>
          </Button>
        )}
      </div>
      {towns.length > 0 && (
        <Text slot="description" className="muted small">
          Pick a suggestion or type any town.
        </Text>
      )}
      <div className="field-error-slot">
        <FieldError className="field-error">{error}</FieldError>
      </div>
      {towns.length > 0 && (
        <Popover className="popover">
          <ListBox className="listbox">
            {towns.map((town) => (
              <ListBoxItem key={town} id={town} className="listbox-item" textValue={town}>
                {town}
              </ListBoxItem>
            ))}
          </ListBox>
        </Popover>
      )}
    </ComboBox>
  );
}
